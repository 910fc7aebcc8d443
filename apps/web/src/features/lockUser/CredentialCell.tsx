import { Flex } from 'antd';
import { OneLine } from '../../ui/FitTable';

/** A credential in a table cell: what the lock knows it by, and its name beneath when that differs. */
export function CredentialCell({ label, name }: { label: string; name?: string | null | undefined }) {
  return (
    <Flex vertical>
      <OneLine text={label} />
      {name && name !== label ? <OneLine text={name} secondary /> : null}
    </Flex>
  );
}
