import { cn } from './cn';

/**
 * HTML the server made from Markdown and sanitised (server/platform/markdown.ts): articles, FAQ answers,
 * partners. Styled by child selectors, since the markup comes without classes. Never give it anything else.
 */
export const markdownClass = cn(
  'text-ink max-w-prose leading-7 [&>*:first-child]:mt-0',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:space-y-2 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_a]:text-primary-ink [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:no-underline',
  '[&_blockquote]:border-secondary [&_blockquote]:text-ink-soft [&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:bg-muted [&_code]:rounded [&_code]:px-1 [&_pre]:bg-muted [&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:p-4',
  '[&_img]:mt-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:border-line [&_hr]:my-8',
  '[&_table]:mt-4 [&_td]:border-line [&_td]:border [&_td]:px-2 [&_th]:border-line [&_th]:border [&_th]:px-2',
);

const bulletClasses = {
  /** Discs in the margin. */
  disc: '[&_ul]:list-disc [&_ul]:pl-6',
  /** Small dots in the secondary colour, the text flush with the paragraphs (a card's short list). */
  dot:
    '[&_ul]:list-none [&_ul]:pl-0 [&_ul>li]:flex [&_ul>li]:gap-2 [&_ul>li]:before:mt-2.5 [&_ul>li]:before:size-1.5 ' +
    "[&_ul>li]:before:shrink-0 [&_ul>li]:before:rounded-full [&_ul>li]:before:bg-secondary [&_ul>li]:before:content-['']",
} as const;

/** `className` places the text and colours its paragraphs; how lists look is `bullets`. */
export function MarkdownBody({
  html,
  className,
  lang,
  bullets = 'disc',
}: {
  html: string;
  className?: string;
  lang?: string;
  bullets?: keyof typeof bulletClasses;
}) {
  return (
    <div
      className={cn(markdownClass, bulletClasses[bullets], className)}
      lang={lang}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
