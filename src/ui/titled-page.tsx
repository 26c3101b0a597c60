import { useEffect, type ReactNode } from 'react';
import { operator } from '#lib/operator';

/**
 * The document's title for a screen: "<screen> · <product>" (docs/product/navigation.md "Layouts"), so a tab, the
 * history and a screen reader name the screen and the product; the product's name alone on screens without one.
 */
export const useDocumentTitle = (title: string | null) => {
  useEffect(() => {
    document.title = title ? `${title} · ${operator.productName}` : operator.productName;
  }, [title]);
};

/** A screen's title and body. Screens that later issues fill show their title and the navigation until then. */
export const TitledPage = ({ title, children }: { title: string; children?: ReactNode }) => {
  useDocumentTitle(title);
  return (
    <div className="page">
      <header className="page__header">
        <h1>{title}</h1>
      </header>
      {children}
    </div>
  );
};
