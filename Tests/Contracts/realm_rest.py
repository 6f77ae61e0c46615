"""Realm's email/password auth as its SDKs send it (the requests realm-web's tests record, realm-core's app
client), with Python's requests against bridge serve: the location lookup, register and the confirmation mail
(read from the outbox through Mailpit's API), confirm, login (access and refresh tokens, user and device ids),
the profile, a session refresh, logout (the refresh token then refused), the reset mail and reset, the reset
function with arguments, confirm/call, the 30-minute link window on a moved clock, and Realm's error bodies
with their link. Usage: python realm_rest.py BASE_URL"""
import sys
from urllib.parse import urlparse, parse_qs

import requests

base = sys.argv[1]
app = "bridge-demo"
location = requests.get(f"{base}/api/client/v2.0/app/{app}/location", headers={"Accept": "application/json"}).json()
assert location["hostname"] and location["deployment_model"] and location["ws_hostname"].startswith("ws"), location
host = location["hostname"]
provider = f"{host}/api/client/v2.0/app/{app}/auth/providers/local-userpass"
json_headers = {"Accept": "application/json", "Content-Type": "application/json"}


def post(path, body, status):
    answer = requests.post(f"{provider}/{path}", json=body, headers=json_headers)
    assert answer.status_code == status, (path, answer.status_code, answer.text)
    return answer.json() if answer.content else None


def latest_link(email):
    messages = requests.get(f"{base}/api/v1/search", params={"query": f"to:{email}"}).json()["messages"]
    message = requests.get(f"{base}/api/v1/message/{messages[0]['ID']}").json()
    query = parse_qs(urlparse(message["Links"][0]).query)
    return query["token"][0], query["tokenId"][0]


post("register", {"email": "grace@example.com", "password": "flow-matic"}, 201)
refused = requests.post(f"{provider}/login", json={"username": "grace@example.com", "password": "flow-matic"}, headers=json_headers)
assert refused.status_code == 401 and refused.json()["error_code"] == "AuthError" and refused.json()["link"], refused.text
token, token_id = latest_link("grace@example.com")
post("confirm", {"token": token, "tokenId": token_id}, 200)
again = requests.post(f"{provider}/confirm", json={"token": token, "tokenId": token_id}, headers=json_headers)
assert again.status_code == 400 and again.json()["error_code"] == "UserpassTokenInvalid", again.text

session = post("login", {"username": "grace@example.com", "password": "flow-matic"}, 200)
assert {"access_token", "refresh_token", "user_id", "device_id"} <= set(session), session
profile = requests.get(f"{host}/api/client/v2.0/auth/profile", headers={"Authorization": f"Bearer {session['access_token']}"}).json()
assert profile["user_id"] == session["user_id"] and profile["data"]["email"] == "grace@example.com", profile
assert profile["identities"][0]["provider_type"] == "local-userpass"

refreshed = requests.post(f"{host}/api/client/v2.0/auth/session", headers={"Authorization": f"Bearer {session['refresh_token']}"})
assert refreshed.status_code == 201 and refreshed.json()["access_token"] != session["access_token"], refreshed.text
bad = requests.get(f"{host}/api/client/v2.0/auth/profile", headers={"Authorization": f"Bearer {session['refresh_token']}"})
assert bad.status_code == 401 and bad.json()["error_code"] == "InvalidSession", "a refresh token is not an access token"
assert requests.delete(f"{host}/api/client/v2.0/auth/session", headers={"Authorization": f"Bearer {session['refresh_token']}"}).status_code == 204
gone = requests.post(f"{host}/api/client/v2.0/auth/session", headers={"Authorization": f"Bearer {session['refresh_token']}"})
assert gone.status_code == 401 and gone.json()["error_code"] == "InvalidSession", gone.text

post("reset/send", {"email": "grace@example.com"}, 200)
token, token_id = latest_link("grace@example.com")
post("reset", {"token": token, "tokenId": token_id, "password": "cobol-1959"}, 200)
post("login", {"username": "grace@example.com", "password": "cobol-1959"}, 200)
answer = post("reset/call", {"email": "grace@example.com", "password": "a-new-one", "arguments": [{"someObjectId": {"$oid": "5f84057629c14b540462cd1d"}}]}, 200)
post("login", {"username": "grace@example.com", "password": "a-new-one"}, 200)
conflict = requests.post(f"{provider}/confirm/call", json={"email": "grace@example.com"}, headers=json_headers)
assert conflict.status_code == 409 and conflict.json()["error_code"] == "UserAlreadyConfirmed", conflict.text

# The 30-minute window: a confirmation link 1801 s old is refused.
post("register", {"email": "late@example.com", "password": "flow-matic"}, 201)
token, token_id = latest_link("late@example.com")
assert requests.post(f"{base}/emulator/v1/clock", json={"advance": 1801}).status_code == 200
late = requests.post(f"{provider}/confirm", json={"token": token, "tokenId": token_id}, headers=json_headers)
assert late.status_code == 400 and late.json()["error_code"] == "UserpassTokenInvalid", late.text
assert requests.post(f"{provider}/confirm/call", json={"email": "late@example.com"}, headers=json_headers).status_code == 204
print("realm rest: ok")
