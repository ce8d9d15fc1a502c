import { Button, CloseButton, Portal, Stack, Text } from '@portal/shared/chakra';
import { Dialog, Field, Input } from '@portal/shared/chakra/deferred';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, type StaticOrder } from '@portal/shared';
import { ApiError, callApi } from '@portal/shared/browser';
import { message, ActionFailure } from '@portal/shared/ui';
import { staticKeys } from '../../common/keys.ts';
import { REMARK_MAX } from '../../features/catalogue/selection.ts';

/** Editing an order's remark (at most 200 characters); saved through updateRemark's query string. */
export function RemarkDialog({ order, onClose }: { order: StaticOrder | null; onClose: () => void }) {
  return (
    <Dialog.Root open={order !== null} onOpenChange={(d) => (d.open ? null : onClose())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="static-remark-dialog" mx={3}>
            {order ? <RemarkForm key={order.id} order={order} onClose={onClose} /> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RemarkForm({ order, onClose }: { order: StaticOrder; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [remark, setRemark] = useState(order.remark);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const tooLong = remark.trim().length > REMARK_MAX;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (tooLong) return;
    setBusy(true);
    setFailure(null);
    try {
      await callApi(api.updateRemark, { query: { id: order.id, remark: remark.trim() } });
      message('success', intl.formatMessage({ id: 'static.remark.saved' }));
      await queryClient.invalidateQueries({ queryKey: staticKeys.orders });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'business') {
        setFailure(err.fieldErrors?.remark || err.message || intl.formatMessage({ id: 'static.remark.failed' }));
      } else if (err instanceof ApiError) {
        setFailure(intl.formatMessage({ id: 'static.remark.failed' }));
      } else throw err;
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap={1}>
        <Dialog.Title>
          <FormattedMessage id="static.remark.title" />
        </Dialog.Title>
        <Text fontFamily="mono" fontSize="sm" color="fg.muted">
          {order.orderNo}
        </Text>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={3}>
          <Field.Root invalid={tooLong}>
            <Field.Label>
              <FormattedMessage id="static.remark.label" />
            </Field.Label>
            {/* One line, as the order list shows it (the contract refuses tabs and line breaks). */}
            <Input
              value={remark}
              onChange={(e) => {
                setRemark(e.target.value);
                setFailure(null);
              }}
              maxLength={REMARK_MAX}
              autoFocus
              data-testid="static-remark-input"
            />
            <Field.HelperText>
              <FormattedMessage id="static.remark.length" values={{ length: remark.length, max: REMARK_MAX }} />
            </Field.HelperText>
            {tooLong ? (
              <Field.ErrorText>
                <FormattedMessage id="static.remark.tooLong" values={{ max: REMARK_MAX }} />
              </Field.ErrorText>
            ) : null}
          </Field.Root>
          <ActionFailure message={failure} testId="static-remark-error" size="sm" />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" onClick={onClose}>
          <FormattedMessage id="static.action.cancel" />
        </Button>
        <Button type="submit" colorPalette="brand" loading={busy} disabled={tooLong} data-testid="static-remark-save">
          <FormattedMessage id="static.action.save" />
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'static.action.close' })} />
      </Dialog.CloseTrigger>
    </form>
  );
}
