import { settingsSuite } from './command-settings-suite.ts';

settingsSuite('settings push on the embedded broker', () => ({}));
