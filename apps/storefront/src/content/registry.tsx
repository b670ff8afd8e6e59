import { useId } from 'react';
import { internalPath, optionalText, requiredArray, requiredObject, requiredText } from './props';
import { type ContentLink, ContentPropsError, type ContentRegistry, type ContentRenderer } from './types';

/*
 * The content components a layout may use. Each renderer validates its props (content is data, not
 * code) and resolves localized text before handing plain strings to a presentational component.
 */

interface HeroProps {
  eyebrow?: string;
  title: string;
  lead?: string;
  action?: { label: string; href: string };
  Link: ContentLink;
}

function Hero({ eyebrow, title, lead, action, Link }: HeroProps) {
  return (
    <section className="py-12 sm:py-16">
      {eyebrow ? (
        <p className="mb-3 text-sm font-semibold tracking-wide text-brand uppercase">{eyebrow}</p>
      ) : null}
      <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance text-ink sm:text-5xl">
        {title}
      </h1>
      {lead ? <p className="mt-5 max-w-2xl text-lg text-ink-muted">{lead}</p> : null}
      {action ? (
        <p className="mt-8">
          <Link href={action.href} className="button-primary">
            {action.label}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

const renderHero: ContentRenderer = (props, { locale, Link }) => {
  const action =
    props.action === undefined
      ? undefined
      : (() => {
          const raw = requiredObject(props.action, 'action');
          return {
            label: requiredText(raw.label, 'action.label', locale),
            href: internalPath(raw.href, 'action.href'),
          };
        })();
  return (
    <Hero
      eyebrow={optionalText(props.eyebrow, 'eyebrow', locale)}
      title={requiredText(props.title, 'title', locale)}
      lead={optionalText(props.lead, 'lead', locale)}
      action={action}
      Link={Link}
    />
  );
};

interface FamilyTeaserProps {
  title: string;
  intro?: string;
  families: readonly { name: string; summary: string }[];
}

function FamilyTeaser({ title, intro, families }: FamilyTeaserProps) {
  const headingId = useId();
  return (
    <section className="border-t border-line py-10" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-semibold text-ink">
        {title}
      </h2>
      {intro ? <p className="mt-2 max-w-2xl text-ink-muted">{intro}</p> : null}
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {families.map((family) => (
          <li key={family.name} className="rounded-lg border border-line bg-surface p-5">
            <h3 className="mb-2 text-lg font-semibold text-brand">{family.name}</h3>
            <p>{family.summary}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const renderFamilyTeaser: ContentRenderer = (props, { locale }) => (
  <FamilyTeaser
    title={requiredText(props.title, 'title', locale)}
    intro={optionalText(props.intro, 'intro', locale)}
    families={requiredArray(props.families, 'families').map((entry, index) => {
      const family = requiredObject(entry, `families[${index}]`);
      return {
        name: requiredText(family.name, `families[${index}].name`, locale),
        summary: requiredText(family.summary, `families[${index}].summary`, locale),
      };
    })}
  />
);

type RichTextBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: readonly string[] };

function RichText({ blocks }: { blocks: readonly RichTextBlock[] }) {
  const headingId = useId();
  const labelled = blocks[0]?.type === 'heading';
  return (
    <section
      className="rich-text border-t border-line py-10"
      aria-labelledby={labelled ? headingId : undefined}
    >
      {blocks.map((block, index) => {
        const key = `${block.type}-${index}`;
        if (block.type === 'heading') {
          return (
            <h2
              key={key}
              id={index === 0 ? headingId : undefined}
              className="text-2xl font-semibold text-ink"
            >
              {block.text}
            </h2>
          );
        }
        if (block.type === 'paragraph') return <p key={key}>{block.text}</p>;
        return (
          <ul key={key}>
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        );
      })}
    </section>
  );
}

const renderRichText: ContentRenderer = (props, { locale }) => (
  <RichText
    blocks={requiredArray(props.blocks, 'blocks').map((entry, index): RichTextBlock => {
      const block = requiredObject(entry, `blocks[${index}]`);
      switch (block.type) {
        case 'heading':
        case 'paragraph':
          return { type: block.type, text: requiredText(block.text, `blocks[${index}].text`, locale) };
        case 'list':
          return {
            type: 'list',
            items: requiredArray(block.items, `blocks[${index}].items`).map((item, itemIndex) =>
              requiredText(item, `blocks[${index}].items[${itemIndex}]`, locale),
            ),
          };
        default:
          throw new ContentPropsError(`"blocks[${index}].type" must be heading, paragraph or list`);
      }
    })}
  />
);

/** Component name (as written in content layouts) → renderer. */
export const contentRegistry: ContentRegistry = {
  Hero: renderHero,
  FamilyTeaser: renderFamilyTeaser,
  RichText: renderRichText,
};
