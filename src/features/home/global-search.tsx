import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { getGlobalSearchList } from '../../../contract/content-calls.ts';
import type { SearchSuggestion } from '../../../contract/content.ts';
import { useSite } from '../../app/site-context.tsx';
import { Icon } from '../../components/icons.tsx';
import { useCall } from '../../lib/use-call.ts';
import './home.css';

export const SEARCH_DEBOUNCE_MS = 250;

const TYPE_LABEL: Record<SearchSuggestion['type'], string> = {
  destination: 'Destination',
  package: 'Holiday',
  deal: 'Deal',
};

/** The text typed, settled for `ms` (no request per keystroke). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * Search with suggestions as you type (WAI-ARIA combobox with a listbox popup): arrows move
 * through the suggestions and Enter opens the one chosen; Enter or Search otherwise opens the
 * results page for the text typed (/search?q=…), whether or not suggestions have loaded, so a
 * suggestion never swallows a search. Escape closes the list, then clears the text. Without
 * JavaScript the form is a plain GET to the same results page.
 */
export function GlobalSearch({ initial = '' }: { initial?: string }) {
  const { href } = useSite();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  // Text typed before the page became interactive is in the field but not in state yet.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed) {
      setText(typed);
      if (document.activeElement === input.current) setOpen(true);
    }
  }, []);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const prefix = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data, error, isLoading } = useCall(getGlobalSearchList, prefix ? { prefix, limit: 8 } : null, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
  const suggestions = prefix && text.trim() ? (data?.suggestions ?? []) : [];
  const expanded = open && suggestions.length > 0;

  const choose = (s: SearchSuggestion) => {
    setOpen(false);
    setActive(-1);
    setText(s.label);
    navigate(href(s.url));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      if (suggestions.length) setActive((a) => (a + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (suggestions.length) setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
    } else if (e.key === 'Enter') {
      // Only a suggestion the traveller moved to is opened; otherwise the form searches the text.
      const pick = expanded && active >= 0 ? suggestions[active] : undefined;
      if (pick) {
        e.preventDefault();
        choose(pick);
      }
    } else if (e.key === 'Escape') {
      if (expanded) setOpen(false);
      else setText('');
      setActive(-1);
    }
  };

  let status = '';
  // Only while the list is open: the results page's box holds its query, and a "Nothing found"
  // for the suggestions must not be read out above the page's own results.
  if (open && prefix && text.trim() && !isLoading) {
    if (error && !data) status = 'Suggestions are unavailable right now.';
    else if (data)
      status = suggestions.length
        ? `${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'}, use the arrow keys to choose.`
        : `Nothing found for “${prefix}”.`;
  }

  return (
    <form
      className="global-search"
      role="search"
      action={href('/search')}
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        // The field's own value: text typed before the page became interactive counts too.
        const typed = (input.current?.value ?? text).trim();
        setOpen(false);
        setActive(-1);
        navigate(typed ? href(`/search?q=${encodeURIComponent(typed)}`) : href('/holidays'));
      }}
    >
      <label htmlFor={`${id}-input`} className="global-search-label">
        Where would you like to go?
      </label>
      <div className="global-search-box">
        <Icon name="search" size={20} />
        <input
          ref={input}
          id={`${id}-input`}
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Maldives, honeymoon…"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <button type="submit" className="button button-primary global-search-go">
          Search
        </button>
      </div>
      <ul id={listId} role="listbox" aria-label="Suggestions" className="global-search-list" hidden={!expanded}>
        {suggestions.map((s, i) => (
          <li
            key={`${s.type}|${s.url}`}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className="global-search-option"
            // mousedown, not click: it comes before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(s);
            }}
            onMouseMove={() => setActive(i)}
          >
            <span className="global-search-option-label">{s.label}</span>
            <span className="global-search-option-detail">
              {TYPE_LABEL[s.type]}
              {s.detail ? ` · ${s.detail}` : ''}
            </span>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </form>
  );
}
