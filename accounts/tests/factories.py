from typing import Any

import factory

from accounts.models import Player, User

PASSWORD = "correct-horse-1"


def made[Model](factory_class: type[factory.django.DjangoModelFactory[Model]], /, **fields: Any) -> Model:
    """`factory_class(**fields)`, typed as the model it makes: factory_boy types calling a factory as
    making an instance of the factory. A model factory's default strategy is create, so the same call."""
    return factory_class.create(**fields)


class UserFactory(factory.django.DjangoModelFactory[User]):
    class Meta:
        model = User
        skip_postgeneration_save = True

    # a declaration, or a plain value in a factory that extends this one (AdminFactory)
    username: factory.Sequence | str = factory.Sequence(lambda n: f"user-{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def _save(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class AdminFactory(UserFactory):
    username = "admin"
    # what players see, never (nor holding) the username (docs/rules.md, "Officers")
    display_name = factory.Sequence(lambda n: f"Clerk No. {n}")
    is_staff = True
    is_superuser = True
    role = "treasurer"

    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True


class PlayerFactory(factory.django.DjangoModelFactory[Player]):
    """A registered player (with a password) unless user=None is passed."""

    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Player{n}")
    discord = factory.Sequence(lambda n: f"player{n}.discord")
    user = factory.SubFactory(UserFactory)
