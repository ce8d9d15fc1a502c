import { ResultCode, TwoFactorErrorCode } from '@portal/shared';
import { type ApiError, clearSession, configureHttp } from '@portal/shared/browser';
import { message } from '@portal/shared/ui';
import { translate } from '../i18n/catalogs.ts';

export interface ReactionDeps {
  /** Sends the user to the login page, to come back to `returnTo` afterwards. */
  toLogin: (returnTo: string) => void;
  /**
   * Sends a member to the two-factor set-up on the account page: their account requires two
   * factors and they have none (decision 0056).
   */
  toTwoFactorSetup?: () => void;
  currentPath: () => string;
  toast?: typeof message;
}

/**
 * The portal-wide reactions of SPEC section 8. Business errors other than ServerError are left to
 * the caller, which shows them where the user is looking (e.g. under a form field).
 */
export function reactToApiError(error: ApiError, deps: ReactionDeps): void {
  const toast = deps.toast ?? message;
  switch (error.kind) {
    case 'unauthorized':
      toast('error', translate('http.loginExpired'));
      clearSession();
      deps.toLogin(deps.currentPath());
      return;
    case 'not-authorised':
      // Known but not allowed (1006000000): say so and keep the session (decision 0028).
      toast('error', error.message || translate('http.notAuthorised'));
      return;
    case 'business':
      if (error.code === ResultCode.ServerError) toast('error', error.message);
      if (error.code === TwoFactorErrorCode.EnrolmentRequired) {
        toast('error', error.message);
        deps.toTwoFactorSetup?.();
      }
      return;
    case 'timeout':
      toast('error', translate('http.timeout'));
      return;
    case 'http':
      toast('error', translate('http.serverError'));
      return;
    case 'network':
      toast('error', translate('http.network'));
      return;
    case 'invalid-response':
      toast('error', translate('http.serverError'));
      return;
  }
}

export function installHttpReactions(deps: ReactionDeps & { baseUrl?: string; token: () => string; locale: () => string }) {
  configureHttp({
    baseUrl: deps.baseUrl ?? '',
    token: deps.token,
    locale: deps.locale,
    onError: (error) => reactToApiError(error, deps),
  });
}
