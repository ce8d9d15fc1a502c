import { useIntl } from 'react-intl';
import { RESOURCE_TYPES, type ResourceType } from '@portal/shared';
import { FilterSelect } from '@portal/shared/ui/forms';

/** The "Type" filter of the order and IP lists (`?type=`); '' is every type. */
export function ResourceTypeFilter({
  value,
  onChange,
  testId,
}: {
  value: ResourceType | null;
  onChange: (value: string | null) => void;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <FilterSelect
      labelId="static.filter.type"
      value={value === null ? '' : String(value)}
      options={RESOURCE_TYPES.map((t) => ({ value: String(t), label: intl.formatMessage({ id: `static.type.${t}` }) }))}
      onChange={onChange}
      testId={testId}
    />
  );
}
