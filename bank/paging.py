"""Admin lists page on the server: `?page=&page_size=` (default 50), answering `count` and the page."""

from dataclasses import dataclass

from rest_framework import serializers

from bank.fields import WholeNumberField
from bank.inputs import InputSerializer

DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 200


class PageIn(InputSerializer):
    page = WholeNumberField(required=False, min_value=1, max_value=1_000_000, default=1)
    page_size = WholeNumberField(required=False, min_value=1, max_value=MAX_PAGE_SIZE, default=DEFAULT_PAGE_SIZE)


# the paging fields of every paged answer: a paged answer's serializer extends it with its rows (a
# comment, not a docstring: the schema would give it to every subclass as its description)
class PageOut(serializers.Serializer):
    count = serializers.IntegerField(help_text="every row of the list, not only this page")
    page = serializers.IntegerField()
    page_size = serializers.IntegerField()


@dataclass(frozen=True)
class Page:
    number: int
    size: int

    @property
    def offset(self) -> int:
        return (self.number - 1) * self.size

    def answer(self, count: int) -> dict:
        """The page's place in the whole list, for the answer."""
        return {"count": count, "page": self.number, "page_size": self.size}


def page_of(data: dict) -> Page:
    """The page a call asked for, from input parsed with a serializer that includes PageIn's fields."""
    return Page(number=data.get("page", 1), size=data.get("page_size", DEFAULT_PAGE_SIZE))
