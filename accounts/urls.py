from django.urls import path

from . import apis

urlpatterns = [
    path("login", apis.LoginApi.as_view(), name="login"),
    path("login/factor", apis.LoginFactorApi.as_view(), name="login-factor"),
    path("register", apis.RegisterApi.as_view(), name="register"),
    path("verify-token", apis.VerifyTokenApi.as_view(), name="verify-token"),
    path("extend-session", apis.ExtendSessionApi.as_view(), name="extend-session"),
    path("logout", apis.LogoutApi.as_view(), name="logout"),
    path("me", apis.MeApi.as_view(), name="me"),
    path("ws-ticket", apis.WsTicketApi.as_view(), name="ws-ticket"),
    path("players", apis.PlayerCreateApi.as_view(), name="player-create"),
    path("players/<int:pk>", apis.PlayerUpdateApi.as_view(), name="player-update"),
    path("search/players", apis.PlayerSearchApi.as_view(), name="player-search"),
    path("admin/players/blocked", apis.BlockedPlayersApi.as_view(), name="players-blocked"),
    path("admin/players/<int:pk>/unblock", apis.PlayerUnblockApi.as_view(), name="player-unblock"),
    path("admin/players/<int:pk>/password", apis.PlayerPasswordApi.as_view(), name="player-password"),
    path("admin/officers", apis.OfficersApi.as_view(), name="officers"),
    path("admin/officers/<int:pk>", apis.OfficerUpdateApi.as_view(), name="officer-update"),
    path("admin/officers/<int:pk>/password", apis.OfficerPasswordApi.as_view(), name="officer-password"),
    path("admin/officers/<int:pk>/lockout", apis.OfficerLockoutApi.as_view(), name="officer-lockout"),
    path("me/password", apis.OwnPasswordApi.as_view(), name="own-password"),
    path("me/factors", apis.MyFactorsApi.as_view(), name="my-factors"),
    path("me/factors/totp", apis.MyTotpEnrolApi.as_view(), name="my-factor-totp"),
    path("me/factors/totp/<int:pk>/confirm", apis.MyTotpConfirmApi.as_view(), name="my-factor-totp-confirm"),
    path("me/factors/totp/<int:pk>", apis.MyFactorApi.as_view(), name="my-factor"),
    path("step-up", apis.StepUpApi.as_view(), name="step-up"),
    path("me/recovery-codes", apis.MyRecoveryCodesApi.as_view(), name="my-recovery-codes"),
    path("admin/officers/<int:pk>/factors/reset", apis.OfficerFactorsResetApi.as_view(), name="officer-factors-reset"),
]
