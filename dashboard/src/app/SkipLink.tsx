/**
 * The first thing a keyboard reaches: a link that moves focus past the navigation to the page's main content.
 * Focus is moved by hand: following `#content` would be a navigation the router sees.
 */
export function SkipLink({ target }: { target: string }) {
  return (
    <a
      className="skip-link"
      href={`#${target}`}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(target);
        main?.focus();
        main?.scrollIntoView();
      }}
    >
      Skip to content
    </a>
  );
}
