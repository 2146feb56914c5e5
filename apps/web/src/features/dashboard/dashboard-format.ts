// 01-core §9: time averages are shown as hours and minutes.
export const formatMinutes = (minutes: number) => {
  const whole = Math.round(minutes);
  return `${Math.floor(whole / 60)}h ${String(whole % 60).padStart(2, '0')}m`;
};

export const formatPercent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(2)}%`;
