"""Live notices without a socket: the groups a change reaches, and the Redis channel layer's timeouts.
(Plain functions: config/tests/test_live.py marks every test of its own as asyncio.)"""

from django.conf import settings

from bank import live


def test_a_redis_read_outlasts_the_channel_layers_wait_for_a_message():
    """channels-redis waits 5 s for a socket's next message; a read timeout no longer than that
    closed idle sockets with 1011 under load (bench_live.py, 10,000 sockets)."""
    from channels_redis.core import RedisChannelLayer

    from config.settings.base import redis_channel_layer

    config = redis_channel_layer("redis://127.0.0.1:6379/0")
    layer = RedisChannelLayer(**config["CONFIG"])
    timeout = layer.create_pool(0).connection_kwargs["socket_timeout"]  # no connection is made
    assert timeout > layer.brpop_timeout * 2
    if settings.CHANNEL_LAYERS["default"]["BACKEND"] == config["BACKEND"]:  # the scale-out pass
        assert settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"][0]["socket_timeout"] == timeout


def test_a_change_of_a_few_players_reaches_their_groups_and_of_many_every_player_at_once():
    few = list(range(1, live.BROADCAST_ABOVE_PLAYERS + 1))
    assert live.groups_for(player_ids=[7, 7, 3], everyone=False) == [live.ADMINS_GROUP, "player-3", "player-7"]
    assert live.groups_for(player_ids=few, everyone=False) == [live.ADMINS_GROUP, *(f"player-{pid}" for pid in few)]
    # one more than the threshold: one message to every player instead of 51
    assert live.groups_for(player_ids=[*few, 999], everyone=False) == [live.ADMINS_GROUP, live.EVERYONE_GROUP]
    assert live.groups_for(player_ids=[], everyone=True) == [live.ADMINS_GROUP, live.EVERYONE_GROUP]
