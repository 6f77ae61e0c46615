"""Authlib's OAuth 2.0 client (PyPI, pinned in .ci/setup) against bridge serve's Capture, unchanged: the
authorization-code flow through the hosted sign-in page (the authorization URL Authlib makes, the page's form
posted as a browser would, the redirect's code and state read back by Authlib), the code exchanged with HTTP
Basic client authentication (Authlib's default), the access token used on /entity, a refresh, and a public
client's exchange with client_id in the body. Capture's refusals reach Authlib as OAuth errors: a reused code, a
wrong secret, a mismatched redirect_uri. Usage: python authlib_oauth.py BASE_URL (serve started with
--config oauth-clients.json)"""
import sys
from urllib.parse import urlparse, parse_qs

import requests
from authlib.integrations.requests_client import OAuth2Session
from authlib.integrations.base_client.errors import OAuthError

base = sys.argv[1]
token_url = f"{base}/oauth/token"
callback = "https://yourdomain.com/callback"


def sign_in(authorization_url):
    """What a browser does on the hosted page: load it, post its form, stop at the redirect to the app."""
    page = requests.get(authorization_url)
    assert page.status_code == 200 and 'id="signInForm"' in page.text, page.text
    fields = dict(parse_qs(urlparse(authorization_url).query, keep_blank_values=True))
    form = {name: values[0] for name, values in fields.items()}
    form.update({"signInEmailAddress": "ada@example.com", "currentPassword": "analytical-engine"})
    answer = requests.post(f"{base}/oauth/signin", data=form, allow_redirects=False)
    assert answer.status_code in (302, 303), (answer.status_code, answer.text)
    return answer.headers["Location"]


def error_of(call):
    try:
        call()
    except OAuthError as error:
        return error.error
    raise AssertionError("not refused")


client = OAuth2Session("web-backend", "web-backend-secret", redirect_uri=callback)
url, state = client.create_authorization_url(f"{base}/oauth/signin", flow="standard", locale="en-US")
redirected = sign_in(url)
assert redirected.startswith(callback + "?code="), redirected
token = client.fetch_token(token_url, authorization_response=redirected)
assert token["token_type"] == "Bearer" and token["access_token"] and token["refresh_token"], token

entity = requests.post(f"{base}/entity", headers={"Authorization": f"OAuth {token['access_token']}"}).json()
assert entity["stat"] == "ok" and entity["result"]["email"] == "ada@example.com", entity

# The same code again: Capture's invalid_grant (a code is single use).
code = parse_qs(urlparse(redirected).query)["code"][0]
assert error_of(lambda: client.fetch_token(token_url, code=code)) == "invalid_grant"

refreshed = client.refresh_token(token_url, refresh_token=token["refresh_token"])
assert refreshed["access_token"] != token["access_token"], refreshed
assert requests.get(f"{base}/entity", params={"access_token": refreshed["access_token"]}).json()["stat"] == "ok"

# A wrong secret, and a code asked for one redirect_uri exchanged for another.
intruder = OAuth2Session("web-backend", "not-the-secret", redirect_uri=callback)
url, _ = intruder.create_authorization_url(f"{base}/oauth/signin")
assert error_of(lambda: intruder.fetch_token(token_url, authorization_response=sign_in(url))) == "invalid_client"
url, _ = client.create_authorization_url(f"{base}/oauth/signin")
stolen = parse_qs(urlparse(sign_in(url)).query)["code"][0]
other = OAuth2Session("web-backend", "web-backend-secret", redirect_uri="https://yourdomain.com/elsewhere")
assert error_of(lambda: other.fetch_token(token_url, code=stolen)) == "redirect_uri_mismatch"

# A public client (no secret): client_id in the body.
public = OAuth2Session("mobile-app", redirect_uri="https://yourdomain.com/password_reset.php", token_endpoint_auth_method="none")
url, _ = public.create_authorization_url(f"{base}/oauth/signin")
token = public.fetch_token(token_url, authorization_response=sign_in(url))
assert token["access_token"], token

# An API client's own token (grant_type client_credentials, HTTP Basic): a Bearer token the server API takes.
backend = OAuth2Session("bridge-api-client", "bridge-api-secret")
service = backend.fetch_token(token_url, grant_type="client_credentials")
assert service["token_type"] == "Bearer" and service["access_token"], service
count = requests.post(f"{base}/entity.count", data={"type_name": "user"}, headers={"Authorization": "Bearer " + service["access_token"]}).json()
assert count["stat"] == "ok" and count["total_count"] >= 1, count
wrong = OAuth2Session("bridge-api-client", "not-the-secret")
assert error_of(lambda: wrong.fetch_token(token_url, grant_type="client_credentials")) == "invalid_client"
print("authlib: ok")
