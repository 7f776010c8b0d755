-- The client ships the device-type icons as SVG (client/public/icons/), served at /icons/{device_type_icon} (000 §7).
update device_types set icon = replace(icon, '.png', '.svg') where icon like '%.png';
