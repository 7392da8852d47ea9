import { useTranslation } from '../../shared/i18n/index.ts';
import { playedWhen } from './format.ts';

/** When something was played, in the interface language ("Today 21:04"). */
export function PlayedAt({ at }: { at: number }) {
  const { t, i18n } = useTranslation();
  const when = playedWhen(at, i18n.language);
  const text = when.day ? t(`listening.${when.day}`, { time: when.text }) : when.text;
  return (
    <time dateTime={new Date(at).toISOString()} title={new Date(at).toLocaleString(i18n.language)}>
      {text}
    </time>
  );
}
