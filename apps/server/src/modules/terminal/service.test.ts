import { DEFAULT_TERMINAL_SETTINGS, terminalFamily, versionNumber } from '@liftguard/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { checkUpload, magicMatches, mergeSettings } from './service.ts';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : -1;
  }
};
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MP4 = Buffer.from('\u0000\u0000\u0000\u0018ftypmp42', 'latin1');
const ZIP = Buffer.from('PK\u0003\u0004rest', 'latin1');

describe('terminal ids and versions', () => {
  it('maps id families to types', () => {
    expect(terminalFamily('T0001234')).toBe('t');
    expect(terminalFamily('L_000123')).toBe('t');
    expect(terminalFamily('E00123')).toBe('e');
    expect(terminalFamily('WCR1234')).toBe('wcr');
    expect(terminalFamily('F00001')).toBe('f');
    expect(terminalFamily('U00001')).toBe('u');
    expect(terminalFamily('E01234')).toBeNull();
    expect(terminalFamily('hello')).toBeNull();
  });
  it('reads the version as four digits at characters 3–6', () => {
    expect(versionNumber('V_1203_beta')).toBe(1203);
    expect(versionNumber('LG0042')).toBe(42);
    expect(versionNumber('V1.2.3')).toBeNull();
    expect(versionNumber(null)).toBeNull();
  });
});

describe('settings and uploads', () => {
  it('fills missing settings from the defaults (brightness 10, volumes 34/20/34, speed 2)', () => {
    const s = mergeSettings({ weather: { name: 'Shenzhen', temp: '25', windDir: 'N', windLevel: '3' } });
    expect(s.weather.name).toBe('Shenzhen');
    expect(s.system_para).toMatchObject({ brightness: 10, floor_volume: 34, system_volume: 20, video_volume: 34 });
    expect(s.scroll_para.speed).toBe(2);
    expect(s.ad_videos).toHaveLength(3);
    expect(mergeSettings({ scroll_para: { speed: 99, content_list: [] } })).toEqual(DEFAULT_TERMINAL_SETTINGS);
  });
  it('checks upload type, size, content and the fixed apk name (4153)', () => {
    expect(checkUpload('image', 'a.png', 100, PNG)).toBe('png');
    expect(codeOf(() => checkUpload('image', 'a.png', 100, MP4))).toBe(4153);
    expect(codeOf(() => checkUpload('image', 'a.gif', 100, PNG))).toBe(4153);
    expect(codeOf(() => checkUpload('image', 'a.png', 6 * 1_048_576, PNG))).toBe(4153);
    expect(codeOf(() => checkUpload('image', 'a.png', 0, PNG))).toBe(4153);
    expect(checkUpload('video', 'ad.mp4', 1000, MP4)).toBe('mp4');
    expect(checkUpload('apk', 'LiftGuardTerminal.apk', 1000, ZIP)).toBe('apk');
    expect(codeOf(() => checkUpload('apk', 'other.apk', 1000, ZIP))).toBe(4153);
    expect(magicMatches('wav', Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVE', 'latin1'))).toBe(true);
  });
});
