import { Flex } from 'antd';
import { ApiKeysSection } from './ApiKeysSection';
import { OpenApiClientSection } from './OpenApiClientSection';
import { WebhooksSection } from './WebhooksSection';

/**
 * The Developer page (account/developer): what integrations connect with, one section each —
 * the account's API keys, its webhooks and its client of the TTLock-compatible open API
 * (docs/integrations.md).
 */
export default function DeveloperPage() {
  return (
    <Flex vertical gap={16} data-testid="developer-page">
      <ApiKeysSection />
      <WebhooksSection />
      <OpenApiClientSection />
    </Flex>
  );
}
