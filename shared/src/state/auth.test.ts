import { afterEach, describe, expect, it } from 'vitest';
import {
  authStore,
  balanceMb,
  clearSession,
  isCertified,
  isLoggedIn,
  persistAuth,
  recordBalance,
  replaceUserInfo,
  setSession,
  updateUserInfo,
} from './auth.ts';

afterEach(() => {
  clearSession();
  localStorage.clear();
});

describe('auth state', () => {
  it('derives logged-in, the balance and certified as the spec defines them', () => {
    expect(isLoggedIn({ token: '' })).toBe(false);
    expect(isLoggedIn({ token: 't' })).toBe(true);
    expect(balanceMb({ userInfo: null })).toBe(0);
    expect(balanceMb({ userInfo: { limitBalance: null } })).toBe(0);
    expect(balanceMb({ userInfo: { limitBalance: 512 } })).toBe(512);
    expect(isCertified({ userInfo: { identificationStatus: 3 } })).toBe(true);
    for (const status of [0, 1, 2, 4]) expect(isCertified({ userInfo: { identificationStatus: status } })).toBe(false);
    expect(isCertified({ userInfo: null })).toBe(false);
  });

  it("changes the member's facts through its own actions, and never for a visitor", () => {
    replaceUserInfo({ limitBalance: 5 });
    expect(authStore.userInfo).toBeNull(); // nobody is signed in: a late answer does not sign anyone in
    setSession('abc', { limitBalance: 5, nickname: 'a' });
    recordBalance(1024);
    expect(balanceMb()).toBe(1024);
    updateUserInfo({ nickname: 'b' });
    expect(authStore.userInfo).toEqual({ limitBalance: 1024, nickname: 'b' });
    replaceUserInfo({ limitBalance: 7, identificationStatus: 3 });
    expect(authStore.userInfo).toEqual({ limitBalance: 7, identificationStatus: 3 });
    replaceUserInfo(null);
    expect(balanceMb()).toBe(7);
    clearSession();
    recordBalance(9);
    updateUserInfo({ nickname: 'c' });
    expect(authStore.userInfo).toBeNull();
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
