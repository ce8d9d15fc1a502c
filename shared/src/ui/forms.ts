// The parts of the UI kit built from form controls (`@portal/shared/chakra/deferred`): a shared
// singleton of their own, so that '@portal/shared/ui', which every page loads at boot, does not pull
// the deferred Chakra components in (docs/decisions/0016-first-load-weight.md).
export * from './commerce/BuyTraffic.tsx';
export * from './commerce/ChoiceCards.tsx';
export * from './commerce/PayChannelPicker.tsx';
export * from './commerce/InAppPay.tsx';
export * from './list/FilterFields.tsx';
export * from './invoices/InvoiceCell.tsx';
export * from './invoices/useOrderInvoices.ts';
export * from './ConfirmDialog.tsx';
