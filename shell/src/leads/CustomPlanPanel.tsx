import { useSnapshot } from 'valtio';
import { closeCustomPlan, uiStore } from '@portal/shared/browser';
import { deferred, useDeferred } from '../app/deferred.ts';

/** The form (and Chakra's dialog and form controls) loads the first time someone opens it. */
const loadDialog = deferred(() => import('./CustomPlanDialog.tsx').then((m) => m.CustomPlanDialog));
const dialogFailed = (error: unknown) => {
  console.error('the custom-plan form could not be loaded', error);
  closeCustomPlan();
};

/**
 * The custom-plan request form (decision 0028), opened by any page through openCustomPlan (the
 * "Custom plan for teams" section of the dynamic landing page and /buy). It lives in the shell,
 * beside the security check it needs (for visitors and members alike).
 */
export function CustomPlanPanel() {
  const { customPlanVisible } = useSnapshot(uiStore);
  const Dialog = useDeferred(loadDialog, customPlanVisible, dialogFailed);
  return Dialog ? <Dialog open={customPlanVisible} /> : null;
}
