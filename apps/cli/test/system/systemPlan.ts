import type { Faults } from 'baalda-relay/testing';

/** How rough a seed's run is; the seed draws everything else. */
export interface SystemProfile {
  readonly name: 'fast' | 'long';
  readonly minSteps: number;
  readonly maxSteps: number;
  /** Chance that a run SIGKILLs the relay at some step (and starts it again a few steps later). */
  readonly relayKillChance: number;
  /** At most this many SIGKILLs of the mirror per run (each restarted a few steps later). */
  readonly maxMirrorKills: number;
}

export const FAST_PROFILE: SystemProfile = {
  name: 'fast',
  minSteps: 40,
  maxSteps: 70,
  relayKillChance: 0.5,
  maxMirrorKills: 2,
};
export const LONG_PROFILE: SystemProfile = {
  name: 'long',
  minSteps: 60,
  maxSteps: 120,
  relayKillChance: 0.5,
  maxMirrorKills: 3,
};

/** Each writer's own link to the relay. */
export const LINKS = ['alice', 'bob', 'mirror', 'assistant'] as const;
export type LinkName = (typeof LINKS)[number];

/** A process killed at a step and started again `downSteps` later. */
export interface Kill {
  readonly atStep: number;
  readonly downSteps: number;
}

/** Everything about a run that the seed decides before it starts. */
export interface SystemPlan {
  readonly seed: number;
  readonly profile: SystemProfile;
  readonly steps: number;
  readonly faults: Readonly<Record<LinkName, Faults>>;
  readonly relayKill: Kill | null;
  readonly mirrorKills: readonly Kill[];
}

export function planSystemRun(seed: number, random: () => number, profile: SystemProfile): SystemPlan {
  const steps = profile.minSteps + Math.floor(random() * (profile.maxSteps - profile.minSteps + 1));
  const faults = Object.fromEntries(LINKS.map((link) => [link, linkFaults(random)])) as Record<LinkName, Faults>;
  const killAt = () => ({ atStep: Math.floor(random() * steps), downSteps: 1 + Math.floor(random() * 12) });
  const relayKill = random() < profile.relayKillChance ? killAt() : null;
  const mirrorKills = Array.from({ length: Math.floor(random() * (profile.maxMirrorKills + 1)) }, killAt).sort(
    (a, b) => a.atStep - b.atStep,
  );
  return { seed, profile, steps, faults, relayKill, mirrorKills };
}

// A quarter of the links are clean, so each writer is also seen on a good network.
function linkFaults(random: () => number): Faults {
  if (random() < 0.25) return { drop: 0, duplicate: 0, reorder: 0 };
  return { drop: random() * 0.08, duplicate: random() * 0.1, reorder: random() * 0.15 };
}

/** A short line about the plan, printed with every failure. */
export function describePlan(plan: SystemPlan): string {
  const kills = plan.mirrorKills.map((kill) => `${kill.atStep}+${kill.downSteps}`).join(', ') || 'none';
  const relay = plan.relayKill ? `${plan.relayKill.atStep}+${plan.relayKill.downSteps}` : 'none';
  return `${plan.profile.name} profile, ${plan.steps} steps, relay kill at ${relay}, mirror kills at ${kills}`;
}
