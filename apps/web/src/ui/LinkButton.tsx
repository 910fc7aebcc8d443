import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { type To, useHref, useLinkClickHandler } from 'react-router';

/**
 * A link that looks like a button (an action that goes to another screen): one element, one tab
 * stop, announced as a link. A button inside a link would be two tab stops and a control inside a
 * control. Navigates within the console like react-router's Link; opens in a new tab on
 * Ctrl/Cmd-click like any link; `reloadDocument` loads the page afresh.
 */
export function LinkButton({
  to,
  state,
  replace,
  reloadDocument,
  onClick,
  ...props
}: Omit<ButtonProps, 'href'> & { to: To; state?: unknown; replace?: boolean; reloadDocument?: boolean }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLElement>(to, { state, replace: replace ?? false });
  return (
    <Button
      {...props}
      href={href}
      onClick={(event: MouseEvent<HTMLElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented && !reloadDocument) navigate(event);
      }}
    />
  );
}
