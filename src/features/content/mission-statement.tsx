import type { MissionStatement as Mission } from '../../../contract/content.ts';
import { RichText } from './rich-text.tsx';
import './content.css';

export function MissionStatement({ mission }: { mission: Mission }) {
  return (
    <section className="section mission" aria-labelledby={`mission-${mission.id}`}>
      <h2 id={`mission-${mission.id}`}>{mission.title}</h2>
      <RichText html={mission.body} />
    </section>
  );
}
