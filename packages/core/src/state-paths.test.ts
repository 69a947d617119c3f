import { describe, expect, it } from 'vitest';
import { cacheDir, configDir, sessionsDir, stateDir, xdgBaseDir, xdgFromEnv } from './state-paths.js';

const HOME = '/home/u';

describe('the XDG directories', () => {
  it('are $XDG_*_HOME/lug when the variable is an absolute path', () => {
    const env = { HOME, XDG_CONFIG_HOME: '/x/config', XDG_STATE_HOME: '/x/state', XDG_CACHE_HOME: '/x/cache' };
    expect([configDir(env), stateDir(env), sessionsDir(env), cacheDir(env)]).toEqual(['/x/config/lug', '/x/state/lug', '/x/state/lug/sessions', '/x/cache/lug']);
  });

  it('fall back to the defaults under HOME when the variable is unset or empty', () => {
    for (const env of [{ HOME }, { HOME, XDG_CONFIG_HOME: '', XDG_STATE_HOME: '', XDG_CACHE_HOME: '' }]) {
      expect([configDir(env), stateDir(env), cacheDir(env)]).toEqual(['/home/u/.config/lug', '/home/u/.local/state/lug', '/home/u/.cache/lug']);
    }
  });

  it('ignore a relative value, as the XDG spec says, and use the default', () => {
    const env = { HOME, XDG_CONFIG_HOME: 'config', XDG_STATE_HOME: './state', XDG_CACHE_HOME: '../cache' };
    expect([configDir(env), stateDir(env), cacheDir(env)]).toEqual(['/home/u/.config/lug', '/home/u/.local/state/lug', '/home/u/.cache/lug']);
  });

  it('give the base directory itself, for other programs\' files under it (git/ignore)', () => {
    expect(xdgBaseDir({ HOME, XDG_CONFIG_HOME: '/x' }, 'config')).toBe('/x');
    expect(xdgBaseDir({ HOME, XDG_CONFIG_HOME: 'rel' }, 'config')).toBe('/home/u/.config');
    expect([xdgFromEnv({ XDG_STATE_HOME: '/s' }, 'state'), xdgFromEnv({ XDG_STATE_HOME: 's' }, 'state'), xdgFromEnv({}, 'state')]).toEqual(['/s', undefined, undefined]);
  });
});
