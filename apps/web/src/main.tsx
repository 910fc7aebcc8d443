import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { boot } from './app/boot';

const root = createRoot(document.getElementById('root') as HTMLElement);
boot().then(
  (booted) => root.render(<App boot={booted} />),
  async (error: unknown) => {
    // No language is loaded yet: the message comes from the English catalogue.
    const en = await import('@smartlock/contract/messages/en_US.json');
    const box = document.getElementById('boot');
    const cause = error instanceof Error ? error.message : String(error);
    if (box) box.textContent = en.default.client.networkError.replace('{{cause}}', cause);
  },
);
