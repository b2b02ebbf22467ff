// The Google sign-in callback page's script (served at /api/v1/auth/google/callback.js by
// server/routes/social.routes.ts; no inline script under our CSP). The ID token arrives in the
// address's fragment, which never reaches a server: this posts it to /complete and follows
// the answer.
'use strict';
(function () {
  // prettier-ignore
  var COMPLETE_PATH = "/api/v1/auth/google/complete"; // tests/server/social.test.ts looks for it as JSON writes it
  // The web's login marker (src/shared/storage-keys.ts: STORAGE_KEYS.loginMarker).
  var LOGIN_MARKER_KEY = 'loginToken';
  var params = new URLSearchParams(window.location.hash.slice(1));
  // The token leaves the address bar and the history at once.
  window.history.replaceState(null, '', window.location.pathname);
  var status = document.getElementById('status');
  function fail(message) {
    status.textContent = message;
    document.getElementById('back').hidden = false;
  }
  var idToken = params.get('id_token');
  var state = params.get('state');
  if (!idToken || !state) {
    fail(
      params.get('error') === 'access_denied'
        ? 'Google sign-in was cancelled.'
        : 'Google sign-in did not finish. Please try again.',
    );
    return;
  }
  fetch(COMPLETE_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ idToken: idToken, state: state }),
  })
    .then(function (res) {
      return res.json().then(
        function (body) {
          return { ok: res.ok, body: body };
        },
        function () {
          return { ok: false, body: null };
        },
      );
    })
    .then(function (answer) {
      var data = answer.body && answer.body.data;
      if (
        answer.ok &&
        data &&
        typeof data.next === 'string' &&
        data.next.charAt(0) === '/' &&
        data.next.charAt(1) !== '/'
      ) {
        if (data.status === 'logged_in') {
          try {
            window.localStorage.setItem(LOGIN_MARKER_KEY, String(Date.now()));
          } catch {
            // storage off: the app asks the server
          }
        }
        window.location.replace(data.next);
        return;
      }
      fail((answer.body && answer.body.message) || 'An error occurred. Please try again.');
    })
    .catch(function () {
      fail('An error occurred. Please try again.');
    });
})();
