import axios from 'axios';

export interface BuildMeta {
  version: string;
}

/** /meta.json lives at the site root, outside the API; the timestamp defeats every cache. */
export async function fetchBuildMeta(): Promise<BuildMeta> {
  const res = await axios.get<BuildMeta>(`/meta.json?t=${Date.now()}`, {
    headers: { 'cache-control': 'no-cache' },
    timeout: 15_000,
    // No XSRF cookie to send (as the API's instance, http.ts): the request goes out at once.
    withXSRFToken: false,
  });
  if (typeof res.data?.version !== 'string') throw new Error('Invalid response format');
  return { version: res.data.version };
}
