declare module 'virtual:message-loaders' {
  type Part = () => Promise<{ default: Record<string, unknown> }>;
  /** Each language's loaders of its public, screens and console messages (build/messageParts.ts). */
  const loaders: Record<string, { public: Part; screens: Part; console: Part }>;
  export default loaders;
}
