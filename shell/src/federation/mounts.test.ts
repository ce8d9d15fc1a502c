import { describe, expect, it } from 'vitest';
import { serveWorkingTreeRoutes } from '../test/served-routes.ts';
import { ownerOf } from './mounts.ts';

serveWorkingTreeRoutes();

describe('ownerOf', () => {
  it('routes every part of the route table to its remote', () => {
    expect(ownerOf('/')).toBe('marketing');
    expect(ownerOf('/blog/some-post')).toBe('marketing');
    expect(ownerOf('/native-residential-proxies')).toBe('marketing');
    expect(ownerOf('/buy')).toBe('checkout');
    expect(ownerOf('/h5/success')).toBe('checkout');
    expect(ownerOf('/admin')).toBe('user-center');
    expect(ownerOf('/admin/auth/company')).toBe('user-center');
    expect(ownerOf('/admin/static/components/OrderList')).toBe('static-ip');
  });
  it('leaves shell pages and unknown paths to the shell', () => {
    expect(ownerOf('/login')).toBeNull();
    expect(ownerOf('/nope')).toBeNull();
    expect(ownerOf('/blog/a/b')).toBeNull();
  });
});
