/**
 * Subtitle text for demo tracks: one line every 2 s starting at 0.5 s, in each supported format.
 */
export type SubtitleFormat = 'lrc' | 'vtt' | 'srt' | 'ass';

export interface Cue {
  start: number;
  end: number;
  text: string;
}

const LINES_JA = [
  'おかえりなさい、今日もお疲れさま。',
  'ほら、こっちにおいで。',
  '耳、さわってもいいかな？',
  'ふー……くすぐったい？',
  'ゆっくり深呼吸してね。',
  '大丈夫、ずっとそばにいるよ。',
  'おやすみなさい。',
];
const LINES_EN = [
  'Welcome home. You worked hard today.',
  'Come over here.',
  'May I touch your ear?',
  'Fuu... does it tickle?',
  'Take a slow, deep breath.',
  "It's okay, I'm right here.",
  'Good night.',
];
const LINES_ZH = [
  '欢迎回来，今天也辛苦了。',
  '来，到这边来。',
  '可以碰一下你的耳朵吗？',
  '呼……痒吗？',
  '慢慢地深呼吸。',
  '没关系，我一直在你身边。',
  '晚安。',
];

export type SubtitleLanguage = 'ja' | 'en' | 'zh';

export function cuesFor(seconds: number, lang: SubtitleLanguage, offset = 0): Cue[] {
  const lines = lang === 'en' ? LINES_EN : lang === 'zh' ? LINES_ZH : LINES_JA;
  const cues: Cue[] = [];
  for (let i = 0, t = 0.5; t < seconds - 0.3; i++, t += 2) {
    cues.push({ start: t, end: Math.min(t + 1.8, seconds), text: lines[(i + offset) % lines.length]! });
  }
  return cues;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function clock(t: number, msSep: string, hours: boolean, msDigits = 3): string {
  const ms = Math.round(t * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const frac = msDigits === 3 ? pad(ms % 1000, 3) : pad(Math.floor((ms % 1000) / 10));
  return `${hours ? `${pad(h)}:` : ''}${pad(m)}:${pad(s)}${msSep}${frac}`;
}

export function renderSubtitles(format: SubtitleFormat, cues: Cue[], title: string): string {
  switch (format) {
    case 'lrc':
      return `[ti:${title}]\n${cues.map((c) => `[${clock(c.start, '.', false, 2)}]${c.text}`).join('\n')}\n`;
    case 'vtt':
      return `WEBVTT\n\n${cues
        .map((c) => `${clock(c.start, '.', true)} --> ${clock(c.end, '.', true)}\n${c.text}`)
        .join('\n\n')}\n`;
    case 'srt':
      return `${cues
        .map((c, i) => `${i + 1}\n${clock(c.start, ',', true)} --> ${clock(c.end, ',', true)}\n${c.text}`)
        .join('\n\n')}\n`;
    case 'ass': {
      const assTime = (t: number) => clock(t, '.', true, 2).replace(/^0/, '');
      return [
        '[Script Info]',
        `Title: ${title}`,
        'ScriptType: v4.00+',
        '',
        '[V4+ Styles]',
        'Format: Name, Fontname, Fontsize, PrimaryColour, Bold, Italic, Alignment, MarginL, MarginR, MarginV',
        'Style: Default,Noto Sans CJK JP,40,&H00FFFFFF,0,0,2,10,10,10',
        '',
        '[Events]',
        'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
        ...cues.map((c) => `Dialogue: 0,${assTime(c.start)},${assTime(c.end)},Default,,0,0,0,,${c.text}`),
        '',
      ].join('\n');
    }
  }
}
