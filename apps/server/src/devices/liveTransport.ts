import type { LiveTransport } from '../live/liveHub';
import { type DeviceLink, liveTopic } from './link';

/**
 * The live channel between instances over the device link: a message for an account is published
 * on its topic, and an instance follows the topic while it has a channel of the account open.
 */
export function liveTransportOver(link: DeviceLink): LiveTransport {
  return {
    broadcast: (userId, message) => link.publish(liveTopic(userId), message),
    follow: (userId) => link.follow(liveTopic(userId)),
    unfollow: (userId) => {
      void link.unfollow(liveTopic(userId));
    },
  };
}
