import { Button, Menu, Portal } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from '@portal/shared/router';
import { useLocalePath } from '@portal/shared/ui';

/** The four product lines of the header menu; data centre has no landing of its own (see docs). */
export const PRODUCTS = [
  { path: '/dynamic-residential-proxies', id: 'nav.product.dynamic' },
  { path: '/static-residential-proxies', id: 'nav.product.static' },
  { path: '/native-residential-proxies', id: 'nav.product.native' },
  { path: '/static-residential-proxies#data-centre', id: 'nav.product.datacenter' },
];

export function ProductMenu() {
  const to = useLocalePath();
  const navigate = useNavigate();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm">
          <FormattedMessage id="nav.products" />
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
            <path d="M3 4.5l3 3 3-3" stroke="currentColor" strokeWidth="1.5" fill="none" />
          </svg>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {PRODUCTS.map((p) => (
              <Menu.Item key={p.id} value={p.id} onSelect={() => navigate(to(p.path))}>
                <FormattedMessage id={p.id} />
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
