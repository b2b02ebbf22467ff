import { describe, expect, it } from 'vitest';
import { namespacesAt, resultPicture } from '../../domain/site-paths.ts';

describe('namespacesAt', () => {
  it("names the first screen's own namespaces, so they load beside 'common' (issue 29: the winners' pages, the press list and contact too)", () => {
    expect(namespacesAt('/')).toEqual(['home', 'contest']);
    expect(namespacesAt('/rules/')).toEqual(['info']);
    expect(namespacesAt('/the_winners_circle')).toEqual(['results']);
    expect(namespacesAt('/live_weekly_winner')).toEqual(['results']);
    expect(namespacesAt('/contact_us')).toEqual(['contact']);
    expect(namespacesAt('/in_the_press')).toEqual(['press']);
    expect(namespacesAt('/the_winners_circle/c1/verify')).toEqual([]);
  });
});

describe('resultPicture', () => {
  it("offers the small copy's phone copy beside the display copies, at the winners' card's width", () => {
    expect(
      resultPicture([
        { name: 'small', url: '/api/v1/pictures/p/small', width: 1280 },
        { name: 'large', url: '/api/v1/pictures/p/large', width: 4096 },
      ]),
    ).toEqual({
      src: '/api/v1/pictures/p/small',
      srcSet: '/api/v1/pictures/p/small?w=800 800w, /api/v1/pictures/p/small 1280w, /api/v1/pictures/p/large 4096w',
      sizes: '(min-width: 48rem) 40rem, 100vw',
    });
    expect(resultPicture([])).toBeNull();
  });
});
