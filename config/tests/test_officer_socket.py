"""Deactivating an officer closes their live socket at once (docs/rules.md, "Officers")."""

import pytest
from channels.testing import WebsocketCommunicator

from accounts.tests.factories import AdminFactory
from bank import roles


def officer(username: str, role: str):
    return AdminFactory(username=username, role=role, is_superuser=role == roles.TREASURER)


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_deactivation_closes_the_officers_live_socket():
    from asgiref.sync import sync_to_async
    from rest_framework_simplejwt.tokens import AccessToken

    from accounts.officers import officer_update
    from accounts.tokens import token_issue, ws_ticket_issue
    from config.asgi import application

    def setup():
        admin = AdminFactory()
        lou = officer("lou", roles.LOAN_OFFICER)
        issued = token_issue(user=lou)
        ticket = ws_ticket_issue(user=lou, token=AccessToken(issued.access_token))
        return admin, lou, ticket.key

    admin, lou, key = await sync_to_async(setup)()
    communicator = WebsocketCommunicator(
        application, f"/ws/bank/?ticket={key}", headers=[(b"origin", b"http://testserver")]
    )
    connected, _ = await communicator.connect()
    assert connected
    assert await communicator.receive_json_from(timeout=2) == {"type": "hello"}
    await sync_to_async(officer_update)(officer_id=lou.pk, active=False, by=admin)
    message = await communicator.receive_output(timeout=3)
    assert message == {"type": "websocket.close", "code": 4401}
    await communicator.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_deactivated_officers_unused_ticket_opens_no_socket():
    from asgiref.sync import sync_to_async

    from accounts.officers import officer_update
    from config.asgi import application
    from conftest import bearer_for

    def setup():
        admin = AdminFactory()
        lou = officer("lou", roles.LOAN_OFFICER)
        response = bearer_for(lou).post("/api/ws-ticket")
        assert response.status_code == 201
        return admin, lou, response.json()["ticket"]

    admin, lou, key = await sync_to_async(setup)()
    await sync_to_async(officer_update)(officer_id=lou.pk, active=False, by=admin)
    communicator = WebsocketCommunicator(
        application, f"/ws/bank/?ticket={key}", headers=[(b"origin", b"http://testserver")]
    )
    connected, _ = await communicator.connect()
    assert connected  # accepted, then closed with the application's code
    assert await communicator.receive_output(timeout=2) == {"type": "websocket.close", "code": 4401}
    await communicator.disconnect()
