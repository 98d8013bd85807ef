import { describe, expect, it } from 'vitest';
import { MAX_PAGE, pageCount, pageParam, ZPage } from './pagination';

describe('pages of a list', () => {
  it('reads a page number from a URL as the callables accept it, else the first page', () => {
    expect(pageParam('3')).toBe(3);
    expect(pageParam(String(MAX_PAGE))).toBe(MAX_PAGE);
    for (const wrong of [null, undefined, '', '0', '-2', '2.5', 'abc', '2abc', String(MAX_PAGE + 1)]) {
      expect(pageParam(wrong), String(wrong)).toBe(1);
    }
    for (const page of ['1', '7', String(MAX_PAGE)]) {
      expect(ZPage.parse(page)).toBe(pageParam(page));
    }
    expect(ZPage.parse(undefined)).toBe(1);
    expect(ZPage.safeParse(MAX_PAGE + 1).success).toBe(false);
  });

  it('counts at least one page, the last one partly full', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
