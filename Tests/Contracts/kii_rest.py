"""Kii Cloud's REST API as its guide writes the calls (documentation.kii.com: managing-users/login/sign-in,
rest/oauth2/token, rest/apps-collection/application/oauth2), with Python's requests against bridge serve:
sign-in with HTTP Basic app credentials and every username form Kii documents (a login name, an e-mail address,
EMAIL:, a +E164 number, PHONE:+E164, PHONE:CC-local), the legacy /api/oauth2/token with X-Kii-AppID and
X-Kii-AppKey, expiresAt, a refresh, registration and users/me, and Kii's error bodies.
Usage: python kii_rest.py BASE_URL"""
import base64
import sys
import time

import requests

base = sys.argv[1]
app, key = "bridge-demo", "any-app-key"
basic = {"Authorization": "Basic " + base64.b64encode(f"{app}:{key}".encode()).decode(), "Content-Type": "application/json"}
token_url = f"{base}/api/apps/{app}/oauth2/token"


def sign_in(username, password="analytical-engine", **extra):
    return requests.post(token_url, headers=basic, json={"grant_type": "password", "username": username, "password": password, **extra})


for username in ["ada@example.com", "EMAIL:ada@example.com", "+15555550100", "PHONE:+15555550100", "PHONE:US-5555550100"]:
    answer = sign_in(username)
    assert answer.status_code == 200, (username, answer.text)
    token = answer.json()
    assert token["token_type"].lower() == "bearer" and token["expires_in"] == 2147483647 and token["id"], token

wrong = sign_in("ada@example.com", "not-the-password")
assert wrong.status_code == 400 and wrong.json()["errorCode"] == "invalid_grant", wrong.text
assert sign_in("PHONE:JP-9012341234").json()["errorCode"] == "invalid_grant"

# The legacy endpoint: the app in headers, Kii's own content type.
legacy = requests.post(f"{base}/api/oauth2/token", headers={"X-Kii-AppID": app, "X-Kii-AppKey": key,
                                                            "Content-Type": "application/vnd.kii.OauthTokenRequest+json"},
                       json={"username": "EMAIL:ada@example.com", "password": "analytical-engine"})
assert legacy.status_code == 200 and legacy.json()["access_token"], legacy.text

# expiresAt (ms since 1970) sets expires_in; the refresh token gives a new access token.
soon = sign_in("ada@example.com", expiresAt=int((time.time() + 600) * 1000)).json()
assert 590 <= soon["expires_in"] <= 600, soon
refreshed = requests.post(token_url, headers=basic, json={"grant_type": "refresh_token", "refresh_token": soon["refresh_token"]})
assert refreshed.status_code == 200 and refreshed.json()["access_token"] != soon["access_token"], refreshed.text

# Registration with a login name, then sign-in by it; users/me with the token.
registered = requests.post(f"{base}/api/apps/{app}/users", headers={**basic, "Content-Type": "application/vnd.kii.RegistrationRequest+json"},
                           json={"loginName": "grace_h", "displayName": "Grace", "password": "flowmatic"})
assert registered.status_code == 201 and registered.json()["loginName"] == "grace_h", registered.text
again = requests.post(f"{base}/api/apps/{app}/users", headers=basic, json={"loginName": "grace_h", "password": "flowmatic"})
assert again.status_code == 409 and again.json()["errorCode"] == "USER_ALREADY_EXISTS", again.text
grace = sign_in("grace_h", "flowmatic").json()
me = requests.get(f"{base}/api/apps/{app}/users/me", headers={"Authorization": f"Bearer {grace['access_token']}"})
assert me.status_code == 200 and me.json()["userID"] == grace["id"] and "emailAddress" not in me.json(), me.text
assert requests.get(f"{base}/api/apps/{app}/users/me", headers={"Authorization": "Bearer nope"}).json()["errorCode"] == "WRONG_TOKEN"
print("kii rest: ok")
