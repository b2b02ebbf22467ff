// What both profile suites use: the signed-in account's endpoint and the answer to a call without a login.

export const ME = '/api/v1/account/me';

export const UNAUTHENTICATED = { message: 'Please log in to continue.', code: 'UNAUTHENTICATED' };
