import { type CSSProperties, createContext, type ReactNode, useContext } from 'react';

/**
 * The heading level a screen's own title takes: 1 where the screen is the page (the public
 * screens, the 404 page), 2 inside the console's frame, whose header holds the page's one h1.
 */
export const HeadingLevel = createContext<1 | 2>(1);

/** Looks like the text around it (Ant Design's Result title, say); is the page's heading for assistive technology. */
const INHERIT: CSSProperties = { font: 'inherit', color: 'inherit', margin: 0 };

export function PageHeading({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const Tag = useContext(HeadingLevel) === 1 ? 'h1' : 'h2';
  return <Tag style={{ ...INHERIT, ...style }}>{children}</Tag>;
}
