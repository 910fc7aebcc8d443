import { vip } from '@smartlock/contract/refs';
import { useCallMutation } from '../../api/useCallMutation';
import { COMMERCE_CHANGED } from '../service/serviceQueries';

/** Starts the advanced function's free trial: the balances, advanced function and user info change. */
export const useStartVipTrial = () => useCallMutation(vip.startTrial, COMMERCE_CHANGED);
