import { Fragment, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { FaqItem } from '../content/faq.ts';

type Props = {
  items: readonly FaqItem[];
  /** The join-now page shows the accordion without borders. */
  bordered?: boolean;
  /**
   * Given while a sale with a real end (SALE_ENDS_AT) is on: answers quoting the sale price carry the
   * regular one beside it, which the page shows instead once the sale ends.
   */
  salePrice?: { sale: string; regular: string };
};

function Paragraph({ text, salePrice }: { text: string; salePrice: Props['salePrice'] }) {
  if (!salePrice) return <p>{text}</p>;
  const [first, ...rest] = text.split(salePrice.sale);
  return (
    <p>
      {first}
      {rest.map((segment, index) => (
        <Fragment key={index}>
          <span data-sale-only>{salePrice.sale}</span>
          <span data-after-sale>{salePrice.regular}</span>
          {segment}
        </Fragment>
      ))}
    </p>
  );
}

const NAVIGATION_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

/** One answer open at a time; choosing the open question again closes it (spec §2, FAQ). */
export default function FaqAccordion({ items, bordered = true, salePrice }: Props) {
  const [openId, setOpenId] = useState<string | null>(null);
  const prefix = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  // Arrow keys, Home and End move between the questions, as the WAI-ARIA accordion pattern suggests.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (!NAVIGATION_KEYS.has(event.key)) return;
    event.preventDefault();
    const last = items.length - 1;
    const target =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : event.key === 'ArrowDown'
            ? (index + 1) % items.length
            : (index - 1 + items.length) % items.length;
    buttons.current[target]?.focus();
  };

  return (
    <div className={bordered ? 'faq faq--bordered' : 'faq'}>
      {items.map((item, index) => {
        const open = openId === item.id;
        const buttonId = `${prefix}-${item.id}-question`;
        const panelId = `${prefix}-${item.id}-answer`;
        return (
          <div className="faq__item" key={item.id} data-open={open || undefined}>
            <h3 className="faq__question">
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span>{item.question}</span>
                <span className="faq__icon" aria-hidden="true" />
              </button>
            </h3>
            <div id={panelId} className="faq__answer" role="region" aria-labelledby={buttonId} hidden={!open}>
              {item.answer.split('\n\n').map((paragraph) => (
                <Paragraph key={paragraph} text={paragraph} salePrice={salePrice} />
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}
