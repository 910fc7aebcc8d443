import { startProduct } from './product';

/** One product for the whole run; stopped when the run ends. */
export default async function globalSetup() {
  const { stop } = await startProduct();
  return stop;
}
