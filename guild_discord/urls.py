from django.urls import path

from . import apis

urlpatterns = [
    path("discord/link", apis.DiscordLinkApi.as_view(), name="discord-link"),
    path("discord/link/complete", apis.DiscordLinkCompleteApi.as_view(), name="discord-link-complete"),
    path("discord/interactions", apis.InteractionsApi.as_view(), name="discord-interactions"),
]
