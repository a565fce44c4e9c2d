import { describe, expect, it } from 'vitest';
import { projectSchema } from '../../../../shared/api/resources';
import { projectTimeline } from './project-timeline';

const project = projectSchema.parse({
  project_id: 'VCS1',
  listed_at: '2015-02-01',
  first_issuance_at: '2017-06-01',
  first_retirement_at: null,
  clips: [
    { id: 1, date: '2016-01-01', title: 'Clip A', url: 'https://example.org/a', source: 'Press', tags: ['x'], type: 'press' },
    { id: 2, date: null, title: 'Undated' },
    { id: 3, date: '2020-05-05', title: 'Clip B' },
  ],
});

describe('projectTimeline', () => {
  it('merges milestones and clips newest first, undated last', () => {
    const events = projectTimeline(project);
    expect(events.map((e) => e.title)).toEqual(['Clip B', 'First issuance', 'Clip A', 'Listed on the registry', 'Undated']);
    expect(events.filter((e) => e.kind === 'milestone')).toHaveLength(2);
  });
});
