// @databases pglite
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_WIDTHS, IMAGE_LIMITS, PHOTO_WIDTHS, srcSetOf } from '#contract/image-variants';
import { FILE_PURPOSES, type FilePurpose } from '#contract/storage';
import { gradientPng } from '../../tests/e2e/picture';
import { PNG_BYTES, pngDeclaring } from '../../tests/support/file-samples';
import { startTestApp, type Agent, type TestApp } from '../../tests/support/test-app';
import { checkImageSize, imageAtWidth, variantKeyOf } from './images';
import { createFileKey } from './storage';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

function upload(agent: Agent, purpose: FilePurpose, bytes: Uint8Array, type = 'image/png') {
  return agent.request(`/api/files?purpose=${purpose}&name=picture.png`, {
    method: 'POST',
    headers: { 'Content-Type': type },
    body: new Uint8Array(bytes),
  });
}

async function widthOf(response: Response): Promise<number | undefined> {
  return (await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width;
}

const IMAGE_PURPOSES = (Object.keys(FILE_PURPOSES) as FilePurpose[]).filter((purpose) =>
  (FILE_PURPOSES[purpose].types as readonly string[]).includes('image/png'),
);

describe('an image above the size limit', () => {
  it.each(IMAGE_PURPOSES)('is refused as %s, however few bytes it has', async (purpose) => {
    const { agent } = await app.signedIn();
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(300);
    const response = await upload(agent, purpose, bomb);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: { code: 'storage/quota-exceeded', details: { reason: 'dimensions' } },
    });
  });

  it('is any image wider, taller or with more pixels than the limits; a large phone photo is not', async () => {
    const { maxSide, maxMegapixels } = IMAGE_LIMITS;
    await expect(checkImageSize(pngDeclaring(8_160, 6_144))).resolves.toEqual({
      width: 8_160,
      height: 6_144,
    });
    await expect(checkImageSize(pngDeclaring(maxSide, 10))).resolves.toBeTruthy();
    for (const [width, height] of [
      [maxSide + 1, 10],
      [10, maxSide + 1],
      [10_000, Math.ceil((maxMegapixels * 1_000_000) / 10_000) + 1],
    ] as const) {
      await expect(checkImageSize(pngDeclaring(width, height))).rejects.toMatchObject({
        code: 'storage/quota-exceeded',
        reason: 'dimensions',
      });
    }
  });

  it('is refused as not an image when its header cannot be read', async () => {
    const { agent } = await app.signedIn();
    const broken = new Uint8Array([...PNG_BYTES.subarray(0, 8), 1, 2, 3, 4, 5]);
    const response = await upload(agent, 'avatar', broken);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { details: { reason: 'type' } } });
  });
});

describe('the widths of an image', () => {
  it('are made at upload and served at ?w= with the original’s access rules', async () => {
    const { agent } = await app.signedIn();
    const response = await upload(agent, 'ad-image', gradientPng(2000, 1000, [200, 40, 40], [40, 40, 200]));
    expect(response.status).toBe(201);
    const { key, url } = (await response.json()) as { key: string; url: string };
    for (const width of PHOTO_WIDTHS) {
      expect(await app.fileStore.stat(variantKeyOf(key, width))).not.toBeNull();
      const answer = await agent.request(`${url}?w=${width}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      expect(await widthOf(answer)).toBe(width);
    }
    // Only the listed widths: no image is made at a width anyone asks for.
    expect((await agent.request(`${url}?w=500`)).status).toBe(404);
    // The original is unchanged.
    expect(await widthOf(await agent.request(url))).toBe(2000);
    // Someone else may not read the file, nor any of its widths.
    const { agent: stranger } = await app.signedIn();
    expect((await stranger.request(`${url}?w=480`)).status).toBe(403);
  });

  it('are never wider than the original; avatars have their own', async () => {
    const { agent } = await app.signedIn();
    const response = await upload(agent, 'avatar', gradientPng(150, 150, [0, 0, 0], [255, 255, 255]));
    const { url } = (await response.json()) as { url: string };
    expect(await widthOf(await agent.request(`${url}?w=${AVATAR_WIDTHS[0]}`))).toBe(AVATAR_WIDTHS[0]);
    expect(await widthOf(await agent.request(`${url}?w=${AVATAR_WIDTHS[1]}`))).toBe(150);
    expect((await agent.request(`${url}?w=${PHOTO_WIDTHS[0]}`)).status).toBe(404);
  });

  it('of a file stored before widths were made are made at its first request, then kept', async () => {
    const key = createFileKey();
    await app.fileStore.put(key, gradientPng(1000, 500, [0, 90, 0], [0, 0, 90]));
    const file = { key, contentType: 'image/png' };
    expect(await app.fileStore.stat(variantKeyOf(key, 480))).toBeNull();
    const made = await imageAtWidth(app.fileStore, file, 480, PHOTO_WIDTHS);
    expect(made?.contentType).toBe('image/webp');
    expect(await app.fileStore.stat(variantKeyOf(key, 480))).not.toBeNull();
    expect(await imageAtWidth(app.fileStore, file, 481, PHOTO_WIDTHS)).toBeNull();
  });

  it('of a vector illustration (the demo photos) are the illustration itself', async () => {
    const key = createFileKey();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="12" height="8"/>');
    await app.fileStore.put(key, svg);
    const answer = await imageAtWidth(
      app.fileStore,
      { key, contentType: 'image/svg+xml' },
      960,
      PHOTO_WIDTHS,
    );
    expect(answer).toEqual({ bytes: svg, contentType: 'image/svg+xml' });
  });

  it('go with the file when it is deleted', async () => {
    const { agent } = await app.signedIn();
    const response = await upload(agent, 'avatar', gradientPng(300, 300, [9, 9, 9], [99, 99, 99]));
    const { key, url } = (await response.json()) as { key: string; url: string };
    expect(await app.fileStore.stat(variantKeyOf(key, AVATAR_WIDTHS[0]))).not.toBeNull();
    expect((await agent.request(url, { method: 'DELETE' })).status).toBe(204);
    for (const width of AVATAR_WIDTHS) expect(await app.fileStore.stat(variantKeyOf(key, width))).toBeNull();
  });
});

describe('srcSetOf', () => {
  it('lists the widths of our own stored images only', () => {
    expect(srcSetOf('/media/abcdefghijklmnopqrstuv')).toBe(
      '/media/abcdefghijklmnopqrstuv?w=480 480w, /media/abcdefghijklmnopqrstuv?w=960 960w, /media/abcdefghijklmnopqrstuv?w=1600 1600w',
    );
    expect(srcSetOf('/api/files/abcdefghijklmnopqrstuv', AVATAR_WIDTHS)).toBe(
      '/api/files/abcdefghijklmnopqrstuv?w=96 96w, /api/files/abcdefghijklmnopqrstuv?w=192 192w',
    );
    for (const other of ['https://example.org/a.png', 'blob:x', '/media/../etc', null, undefined]) {
      expect(srcSetOf(other)).toBeUndefined();
    }
  });
});

describe('a shared document', () => {
  it('claiming to be a PDF is refused with JavaScript in it, with a reason the page translates', async () => {
    const { agent } = await app.signedIn();
    const withScript = new TextEncoder().encode(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    const response = await agent.request('/api/files?purpose=shared-document&name=rules.pdf', {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf' },
      body: withScript,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { details: { reason: 'active-content' } } });
  });
});
