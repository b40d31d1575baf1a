import { DEFAULT_TERMINAL_SETTINGS } from '@liftguard/contract/registry/terminal';
import { describe, expect, it } from 'vitest';
import { normaliseSettings, setAt } from './settings-edit.ts';
import { checkUpload } from './upload-check.ts';

describe('terminal settings editing', () => {
  it('sets a nested value without touching the original', () => {
    const next = setAt(DEFAULT_TERMINAL_SETTINGS, ['ad_videos', 1, 'url'], '/f/a.mp4');
    expect(next.ad_videos[1]?.url).toBe('/f/a.mp4');
    expect(DEFAULT_TERMINAL_SETTINGS.ad_videos[1]?.url).toBe('');
    expect(Array.isArray(next.ad_videos)).toBe(true);
    expect(next.system_para).toBe(DEFAULT_TERMINAL_SETTINGS.system_para);
  });

  it('keeps the three ad and licence slots in index order', () => {
    const shuffled = { ...DEFAULT_TERMINAL_SETTINGS, ad_videos: [...DEFAULT_TERMINAL_SETTINGS.ad_videos].reverse(), license_images: [] };
    const n = normaliseSettings(shuffled);
    expect(n.ad_videos.map((v) => v.index)).toEqual([0, 1, 2]);
    expect(n.license_images.map((v) => v.index)).toEqual([0, 1, 2]);
  });

  it('checks upload type and size per kind', () => {
    expect(checkUpload('video', { name: 'ad.MP4', size: 1000 })).toBeNull();
    expect(checkUpload('video', { name: 'ad.avi', size: 1000 })).toBe('type');
    expect(checkUpload('image', { name: 'a.png', size: 6 * 1_048_576 })).toBe('size');
  });
});
