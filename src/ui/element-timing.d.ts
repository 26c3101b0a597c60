import 'react';

/*
 * The `elementtiming` attribute of the Element Timing API (https://w3c.github.io/element-timing/), which React passes
 * to the DOM as it is but its types do not list yet.
 */
declare module 'react' {
  // Declaration merging with React's own HTMLAttributes needs an interface with its type parameter.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
