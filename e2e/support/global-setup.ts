import { startProduct } from './product';

/** One product for the whole run; torn down when the run ends. */
export default async function globalSetup() {
  const { child } = await startProduct();
  return async () => {
    child.kill('SIGTERM');
  };
}
