// jsdom (the web tests' environment) ships no types and @types/jsdom is not installed: what the
// first-paint popup's test uses, a page parsed from HTML with its scripts run, as a browser would.
declare module 'jsdom' {
  interface Options {
    runScripts?: 'dangerously' | 'outside-only';
    url?: string;
    beforeParse?: (window: Window & typeof globalThis) => void;
  }
  export class JSDOM {
    constructor(html?: string, options?: Options);
    readonly window: Window & typeof globalThis;
  }
}
