import { afterEach, describe, expect, it } from 'vitest';
import { authStore, clearSession, isCertified, isLoggedIn, persistAuth, remainingFlow, setSession } from './auth.ts';

afterEach(() => {
  clearSession();
  localStorage.clear();
});

describe('auth state', () => {
  it('derives logged-in, remaining flow and certified as the spec defines them', () => {
    expect(isLoggedIn({ token: '' })).toBe(false);
    expect(isLoggedIn({ token: 't' })).toBe(true);
    expect(remainingFlow({ userInfo: null })).toBe(0);
    expect(remainingFlow({ userInfo: { limitBalance: null } })).toBe(0);
    expect(remainingFlow({ userInfo: { limitBalance: 512 } })).toBe(512);
    expect(isCertified({ userInfo: { identificationStatus: 3 } })).toBe(true);
    for (const status of [0, 1, 2, 4]) expect(isCertified({ userInfo: { identificationStatus: status } })).toBe(false);
    expect(isCertified({ userInfo: null })).toBe(false);
  });

  it('persists to localStorage and restores from it', async () => {
    const stop = persistAuth(localStorage, window);
    setSession('abc', { limitBalance: 5 });
    await Promise.resolve();
    expect(JSON.parse(localStorage.getItem('portal.auth') ?? '{}')).toEqual({ token: 'abc', userInfo: { limitBalance: 5 } });
    stop();
    authStore.token = '';
    const stop2 = persistAuth(localStorage, window);
    expect(authStore.token).toBe('abc');
    stop2();
  });

  it('follows a logout made in another tab', async () => {
    const stop = persistAuth(localStorage, window);
    setSession('abc');
    await Promise.resolve();
    localStorage.setItem('portal.auth', JSON.stringify({ token: '', userInfo: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'portal.auth' }));
    expect(authStore.token).toBe('');
    stop();
  });

  it('treats a corrupt stored value as logged out', () => {
    localStorage.setItem('portal.auth', '{not json');
    const stop = persistAuth(localStorage, window);
    expect(isLoggedIn()).toBe(false);
    stop();
  });
});
