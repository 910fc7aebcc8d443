import { Flex } from 'antd';
import { WebhooksSection } from './WebhooksSection';

/**
 * The Developer page (account/developer): what integrations connect with, one section each —
 * here the account's webhooks (docs/integrations.md).
 */
export default function DeveloperPage() {
  return (
    <Flex vertical gap={16} data-testid="developer-page">
      <WebhooksSection />
    </Flex>
  );
}
