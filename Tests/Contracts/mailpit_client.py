"""mailpit-api-client (PyPI, pinned in .ci/setup) over bridge serve's outbox, unchanged: the list with
paging, a message (which marks it read), its headers, marking read, Mailpit's search syntax, the raw source
read by Python's email parser, the web UI's views, and deleting by ID and all.

mailpit-api-client 1.0.0 sends its PUT and DELETE bodies as forms (`ids=…`), where Mailpit reads JSON;
the emulator reads both. Usage: python mailpit_client.py BASE_URL"""
import email
import email.policy
import sys

import httpx
import requests
from mailpit.client.api import API

base = sys.argv[1]


def send_reset(address):
    """The app backend's deep-link reset mails a link (the emulator's outbox receives it)."""
    answer = requests.post(f"{base}/api/reset-password/request", json={"email": address}, timeout=10)
    assert answer.status_code == 202, answer.text


api = API(base)
assert api.get_messages().total == 0
for _ in range(3):
    send_reset("ada@example.com")

listed = api.get_messages()
assert (listed.total, listed.unread, listed.count, listed.start) == (3, 3, 3, 0), listed
newest, middle, oldest = listed.messages
assert newest.created >= middle.created >= oldest.created
assert all(m.to[0].address == "ada@example.com" and not m.read and m.size > 0 for m in listed.messages)

page = api.get_messages(limit=1, start=1)
assert page.count == 1 and page.messages[0].id == middle.id and page.total == 3, page

message = api.get_message(newest.id)
assert message.id == newest.id and message.subject == newest.subject
assert "yourapp://reset-password?token=" in message.text and message.attachments == []
assert api.get_messages().unread == 2, "opening a message marks it read, as Mailpit does"
assert api.get_message("latest").id == newest.id

headers = api.get_message_headers(oldest.id)
assert headers.message_id == [f"<{oldest.message_id}>"] and headers.from_ and headers.date, headers

api.put_messages([oldest.id], "Read", True)
assert api.get_messages().unread == 1

unread = httpx.get(f"{base}/api/v1/search", params={"query": "is:unread"}).json()
assert unread["messages_count"] == 1 and unread["messages"][0]["ID"] == middle.id and unread["total"] == 3, unread
phrase = httpx.get(f"{base}/api/v1/search", params={"query": f'to:ada subject:"{newest.subject}" -is:unread'}).json()
assert {m["ID"] for m in phrase["messages"]} == {newest.id, oldest.id}, phrase
assert httpx.get(f"{base}/api/v1/search", params={"query": "to:nobody@example.com"}).json()["messages_count"] == 0
assert httpx.get(f"{base}/api/v1/search").status_code == 400

raw = httpx.get(f"{base}/api/v1/message/{newest.id}/raw")
parsed = email.message_from_string(raw.text, policy=email.policy.default)
assert parsed["Subject"] == newest.subject and parsed["To"] == "ada@example.com"
assert parsed.get_body(("plain",)).get_content().replace("\r\n", "\n") == message.text
assert len(raw.content) == newest.size

view = httpx.get(f"{base}/view/{newest.id}.html")
assert view.status_code == 200 and view.text == message.html

api.delete_messages([oldest.id])
assert [m.id for m in api.get_messages().messages] == [newest.id, middle.id]
assert httpx.get(f"{base}/api/v1/message/{oldest.id}").status_code == 404
api.delete_messages([])
assert api.get_messages().total == 0
print("mailpit-api-client: ok")
